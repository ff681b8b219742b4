import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback, useRef, useState } from 'react';
import { errorText } from '../api/error-text';
import { UNIT_TEXTS } from './texts';

/** A command that failed: what the user pressed and why the server said no. */
export interface CommandFailure {
  label: string;
  message: string;
}

/** The sentence of a failed call (the API's `error`), or a plain fallback when the server was not reached. */
export function failureReason(error: unknown): string {
  return errorText(error as FetchBaseQueryError | SerializedError | undefined, UNIT_TEXTS.unknownFailure);
}

/**
 * Runs remote commands and calls that answer slowly (1-4 s while the unit replies): each key shows a
 * loading state until its call answers, success or not, and a failure is kept with the server's reason
 * so the screen can show it (the old console only logged it and could leave the spinner on;
 * console-core §8).
 */
export function useCommandRunner() {
  const [running, setRunning] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<CommandFailure | null>(null);
  // Two presses before the first re-render must not start the same command twice.
  const inFlight = useRef(new Set<string>());

  const run = useCallback(async <T,>(key: string, label: string, call: () => Promise<T>): Promise<T | null> => {
    if (inFlight.current.has(key)) return null;
    inFlight.current.add(key);
    setRunning((keys) => [...keys, key]);
    setFailure(null);
    try {
      return await call();
    } catch (error) {
      setFailure({ label, message: failureReason(error) });
      return null;
    } finally {
      inFlight.current.delete(key);
      setRunning((keys) => keys.filter((k) => k !== key));
    }
  }, []);

  const isRunning = useCallback((key: string) => running.includes(key), [running]);
  const clearFailure = useCallback(() => setFailure(null), []);
  return { run, isRunning, failure, clearFailure };
}

/** What {@link useCommandRunner} gives. */
export type CommandRunner = ReturnType<typeof useCommandRunner>;
