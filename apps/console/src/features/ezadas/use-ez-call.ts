import { useState } from 'react';
import { errorStatus } from '../../shared/api/error-text';
import { serverProblem, type CallError, type ServerProblem } from '../../shared/back-office/server-error';
import type { EzOutcome } from './outcomes';

/**
 * Runs an EZ ADAS call from a dialog: the dialog's spinner, the §8 text chosen by the answer's status,
 * and, when the call failed, the server's own sentence to show in the dialog beside the §8 snackbar
 * (the snackbar's failure texts do not say why).
 */
export function useEzCall() {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);

  /** `call` answers the success status; `outcomeOf` maps a status (null: unreachable) to the outcome. */
  const run = async (
    call: () => Promise<number>,
    outcomeOf: (status: number | null) => EzOutcome,
  ): Promise<EzOutcome> => {
    setRunning(true);
    setProblem(null);
    try {
      return outcomeOf(await call());
    } catch (error) {
      const result = outcomeOf(errorStatus(error as CallError));
      if (!result.settled) setProblem(serverProblem(error));
      return result;
    } finally {
      setRunning(false);
    }
  };

  return { running, problem, run };
}
