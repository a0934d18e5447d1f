/**
 * A task that runs one at a time: asked again while it runs, it runs once more when it ends
 * (however often it was asked meanwhile), unless `stopped` says so by then. How a page's tools
 * are listed or counted again on each change without piling up requests.
 */
export function oneAtATime(
  task: () => Promise<unknown>,
  stopped: () => boolean = () => false,
): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void task().finally(() => {
      running = false;
      if (again && !stopped()) {
        again = false;
        run();
      }
    });
  };
  return run;
}
