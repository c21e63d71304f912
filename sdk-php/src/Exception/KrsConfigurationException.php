<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * The client cannot be built or cannot send: an unknown or wrong option, no base URL, no API
 * token for a secured operation, no HTTP client installed. Nothing was sent.
 */
final class KrsConfigurationException extends \LogicException implements KrsException
{
}
