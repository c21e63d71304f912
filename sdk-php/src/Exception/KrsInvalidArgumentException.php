<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * A call the SDK refuses before sending anything: an unknown operation name, a body that
 * cannot be encoded as JSON, a helper used with an operation it does not fit.
 */
class KrsInvalidArgumentException extends \InvalidArgumentException implements KrsException
{
}
