<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 409: the call collides with another change of the same object in progress.
 */
final class KrsConflictException extends KrsApiException
{
}
