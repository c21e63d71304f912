<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 400: the call was refused as it was sent (a wrong parameter, a duplicate, an object in the
 * wrong state); `errorCode` says which. Sending it again unchanged gives the same answer.
 */
final class KrsBadRequestException extends KrsApiException
{
}
