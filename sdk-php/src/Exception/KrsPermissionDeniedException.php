<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 403: the token is valid but its rights or the account's options do not allow the call.
 */
final class KrsPermissionDeniedException extends KrsApiException
{
}
