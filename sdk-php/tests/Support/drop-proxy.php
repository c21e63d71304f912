<?php

declare(strict_types=1);

// A one-connection-at-a-time HTTP proxy for the retry tests: it forwards each request to the
// upstream (the emulator) and waits for its answer, then for the first <drops> requests closes
// the client's connection without answering, as a broken link after the server got the
// request does. Usage: php drop-proxy.php <upstream host:port> <drops>; prints its port.

[$script, $upstream, $drops] = $argv + [null, null, '0'];
$drops = (int) $drops;
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
if ($server === false) {
    fwrite(STDERR, "drop-proxy: {$error}\n");
    exit(1);
}
$name = (string) stream_socket_get_name($server, false);
echo substr($name, strrpos($name, ':') + 1), "\n";
fflush(STDOUT);

/** @param resource $stream */
function readMessage($stream): string
{
    $head = '';
    while (!str_contains($head, "\r\n\r\n")) {
        $chunk = fread($stream, 8192);
        if ($chunk === '' || $chunk === false) {
            return $head;
        }
        $head .= $chunk;
    }
    [$headers, $body] = explode("\r\n\r\n", $head, 2);
    $length = preg_match('/\r\ncontent-length:\s*(\d+)/i', $headers, $m) === 1 ? (int) $m[1] : 0;
    while (strlen($body) < $length) {
        $chunk = fread($stream, $length - strlen($body));
        if ($chunk === '' || $chunk === false) {
            break;
        }
        $body .= $chunk;
    }
    return "{$headers}\r\n\r\n{$body}";
}

while ($client = stream_socket_accept($server, -1)) {
    $request = readMessage($client);
    // One request per connection: the upstream and the client both close after it.
    $request = preg_replace('/\r\nconnection:[^\r]*/i', '', $request);
    $request = preg_replace('/\r\n\r\n/', "\r\nConnection: close\r\n\r\n", $request, 1);
    $up = stream_socket_client("tcp://{$upstream}", $errno, $error, 5);
    if ($up !== false) {
        fwrite($up, $request);
        $response = stream_get_contents($up);
        fclose($up);
        if ($drops > 0) {
            $drops--;
        } else {
            fwrite($client, (string) $response);
        }
    }
    fclose($client);
}
