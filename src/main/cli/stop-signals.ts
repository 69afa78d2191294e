/**
 * Ctrl+C (SIGINT) and SIGTERM for a command that stops in steps (`test`: its run cancelled,
 * stored and reported, then its console closed). The first calls `stop`; each one after it calls
 * `again`, rather than Node's default of ending the process: a second Ctrl+C during the
 * teardown ended `test` with exit 130 and its --out report never written. Returns the function
 * that stops listening, called once the command has ended.
 */
export function onStopSignals(stop: () => void, again: () => void): () => void {
  let stopped = false;
  const onSignal = () => {
    if (stopped) return again();
    stopped = true;
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
