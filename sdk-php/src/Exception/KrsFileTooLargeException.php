<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * `uploadStoredFile()` refused a file that is not under the 50 MB limit (nothing was sent).
 */
final class KrsFileTooLargeException extends KrsInvalidArgumentException
{
    public function __construct(public readonly int $size, public readonly int $limit)
    {
        parent::__construct("upload_stored_files: the file body is {$size} bytes; it must be under {$limit} bytes");
    }
}
