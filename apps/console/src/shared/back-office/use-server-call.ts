import { useCallback, useState } from 'react';
import { serverProblem, type ServerProblem } from './server-error';

/** The state of a dialog's call: whether it runs, and the server's sentence when it said no. */
export interface CallState {
  running: boolean;
  problem: ServerProblem | null;
}

/**
 * Runs a dialog's call: the spinner while it runs, and the server's sentence when it is refused (the old
 * console showed nothing, back-office §8). `run` answers whether the call succeeded.
 */
export function useServerCall() {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const run = useCallback(async (call: () => Promise<unknown>): Promise<boolean> => {
    setRunning(true);
    setProblem(null);
    try {
      await call();
      return true;
    } catch (error) {
      setProblem(serverProblem(error));
      return false;
    } finally {
      setRunning(false);
    }
  }, []);
  return { running, problem, setProblem, run };
}
