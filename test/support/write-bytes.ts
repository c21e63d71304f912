import type http from 'node:http'

/**
 * Writes `size` bytes of a request body from one shared `piece` (whole, then the part that is
 * left), waiting for 'drain' when the socket is full, then ends the request: the sender's memory
 * stays at one piece whatever the size.
 */
export function writeBytes(req: http.ClientRequest, size: number, piece: Buffer): void {
  let left = size
  const more = (): void => {
    while (left > 0) {
      const n = Math.min(left, piece.length)
      left -= n
      if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) {
        req.once('drain', more)
        return
      }
    }
    req.end()
  }
  more()
}
