/**
 * Calls `run` in a task of its own once the browser has drawn what is on the page now (the
 * frame after the next animation frame's callbacks), so that a large piece of UI put on the
 * page in parts gets each part's style and layout done in its own frame rather than all of them
 * in one long task. When the page is hidden there are no frames: `run` comes in the next task.
 * Returns the cancel (for an effect's clean-up).
 */
export function afterPaint(run: () => void): () => void {
  let frame = 0
  let timer = 0
  if (document.visibilityState === 'hidden') timer = window.setTimeout(run, 0)
  else
    frame = requestAnimationFrame(() => {
      frame = 0
      timer = window.setTimeout(run, 0)
    })
  return () => {
    if (frame) cancelAnimationFrame(frame)
    window.clearTimeout(timer)
  }
}
