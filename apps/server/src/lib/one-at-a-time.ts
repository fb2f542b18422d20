/**
 * Runs the tasks given to it one after another, in the order given: each starts once the one
 * before has settled, whether it resolved or failed.
 */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
