<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * The call (its retries and waits included) or a wait helper took longer than its timeout.
 */
final class KrsTimeoutException extends KrsNetworkException
{
}
