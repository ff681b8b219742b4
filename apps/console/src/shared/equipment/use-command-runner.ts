import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback, useRef, useState } from 'react';
import type { CommandResponse } from '@equipment-dashboard/contract';
import { errorText } from '../api/error-text';
import { formatDateTime } from './format';
import { UNIT_TEXTS } from './texts';

/** A command that failed: what the user pressed and why the server said no. */
export interface CommandFailure {
  label: string;
  message: string;
}

/**
 * A command the unit has not carried out yet (commands are jobs in a durable queue): `queued` for an
 * offline unit until it reconnects or `expiresAt` passes; `accepted` when the unit took it but had not
 * answered within the call.
 */
export interface CommandNotice {
  label: string;
  status: Exclude<CommandResponse['status'], 'completed'>;
  serialNumber: string;
  expiresAt?: string;
}

/** The sentence of a failed call (the API's `error`), or a plain fallback when the server was not reached. */
export function failureReason(error: unknown): string {
  return errorText(error as FetchBaseQueryError | SerializedError | undefined, UNIT_TEXTS.unknownFailure);
}

/** The sentence of a command that is queued or awaits the unit's answer. */
export function commandNoticeText(notice: CommandNotice): string {
  if (notice.status === 'accepted') return UNIT_TEXTS.commandAccepted(notice.label, notice.serialNumber);
  const until = formatDateTime(notice.expiresAt);
  return until === ''
    ? UNIT_TEXTS.commandQueuedNoExpiry(notice.label, notice.serialNumber)
    : UNIT_TEXTS.commandQueued(notice.label, notice.serialNumber, until);
}

/** The notice of a command's answer, or null when the unit carried it out. */
export function noticeOf(label: string, answer: CommandResponse): CommandNotice | null {
  if (answer.status === 'completed') return null;
  return {
    label,
    status: answer.status,
    serialNumber: answer.serialNumber,
    ...(answer.expiresAt === undefined ? {} : { expiresAt: answer.expiresAt }),
  };
}

/**
 * Runs remote commands and calls that answer slowly (1-4 s while the unit replies): each key shows a
 * loading state until its call answers, success or not, and a failure is kept with the server's reason
 * so the screen can show it (the old console only logged it and could leave the spinner on;
 * console-core §8). A command that answers `queued` or `accepted` is kept as a notice: the unit has not
 * carried it out yet, so the caller shows that instead of a result.
 */
export function useCommandRunner() {
  const [running, setRunning] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<CommandFailure | null>(null);
  const [notice, setNotice] = useState<CommandNotice | null>(null);
  // Two presses before the first re-render must not start the same command twice.
  const inFlight = useRef(new Set<string>());

  const run = useCallback(
    async <T>(key: string, label: string, call: () => Promise<T>): Promise<T | null> => {
      if (inFlight.current.has(key)) return null;
      inFlight.current.add(key);
      setRunning((keys) => [...keys, key]);
      setFailure(null);
      setNotice(null);
      try {
        return await call();
      } catch (error) {
        setFailure({ label, message: failureReason(error) });
        return null;
      } finally {
        inFlight.current.delete(key);
        setRunning((keys) => keys.filter((k) => k !== key));
      }
    },
    [],
  );

  /**
   * Runs a remote command as {@link run} does and keeps the notice of a `queued` or `accepted` answer.
   * Returns the answer (the caller acts on `completed` only, or as the command needs) or null on failure.
   */
  const command = useCallback(
    async (
      key: string,
      label: string,
      call: () => Promise<CommandResponse>,
    ): Promise<CommandResponse | null> => {
      const answer = await run(key, label, call);
      if (answer) setNotice(noticeOf(label, answer));
      return answer;
    },
    [run],
  );

  const isRunning = useCallback((key: string) => running.includes(key), [running]);
  const clearFailure = useCallback(() => setFailure(null), []);
  const clearNotice = useCallback(() => setNotice(null), []);
  return { run, command, isRunning, failure, clearFailure, notice, clearNotice };
}

/** What {@link useCommandRunner} gives. */
export type CommandRunner = ReturnType<typeof useCommandRunner>;
