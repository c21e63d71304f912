<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * A wait that can never end: the server is the krs-kit emulator and its clock is manual, so
 * nothing moves until someone advances it. Thrown at the first poll instead of waiting; the
 * message says how to advance the clock (or pass `'advanceClock' => true`).
 */
final class KrsWaitStalledException extends \RuntimeException implements KrsException
{
    public function __construct(string $message, public readonly string $operation)
    {
        parent::__construct($message);
    }
}
