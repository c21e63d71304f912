<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 401: the token is missing, wrong or expired (KR_API_F1001).
 */
final class KrsAuthenticationException extends KrsApiException
{
}
