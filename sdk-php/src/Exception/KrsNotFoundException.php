<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 404: what the call names does not exist.
 */
final class KrsNotFoundException extends KrsApiException
{
}
