<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * Implemented by every exception the SDK throws: catch this to catch them all.
 */
interface KrsException extends \Throwable
{
}
