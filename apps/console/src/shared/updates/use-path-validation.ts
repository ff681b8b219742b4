import { useCallback, useRef, useState } from 'react';
import { MANIFEST_NOT_FOUND } from '@equipment-dashboard/contract';
import { errorStatus } from '../api/error-text';
import { serverProblem, type CallError } from '../back-office/server-error';
import { UPDATE_PATH_TEXTS as T } from './texts';

/** Where the check of an update path stands: the icon's error, checked or unchecked state (back-office §2.3). */
export type PathState = 'unchecked' | 'checking' | 'checked' | 'error';

export interface PathValidation<M> {
  /** The path as typed. */
  path: string;
  /** A new path: any earlier validation and its error are gone (back-office §4). */
  setPath: (path: string) => void;
  state: PathState;
  /** The manifest of the last successful check of this exact path, else null. */
  manifest: M | null;
  /** What to tell the user about a failed check, or null. */
  message: string | null;
  /** The path that was validated (trimmed), once `state` is 'checked'. */
  validatedPath: string | null;
  validate: () => Promise<void>;
}

/** True for the answer of a path that holds no manifest: 404 `{ error: 'MANIFEST_NOT_FOUND' }` (back-office §8). */
function isManifestNotFound(error: unknown): boolean {
  const callError = error as CallError;
  if (errorStatus(callError) !== 404 || !callError || !('data' in callError)) return false;
  const data = callError.data;
  return (
    typeof data === 'object' && data !== null && (data as { error?: unknown }).error === MANIFEST_NOT_FOUND
  );
}

/**
 * The message of a failed check (back-office §8): MANIFEST_NOT_FOUND shows the spec's text; any other
 * validation error (400: the path leaves the updates folder, 422: the manifest is not usable) shows
 * nothing and only clears the validation. Decision: a check that never got a verdict (the server
 * unreachable, a refusal by role, a server failure) says so, since nothing was validated or refused.
 */
function pathCheckMessage(error: unknown): string | null {
  if (isManifestNotFound(error)) return T.manifestNotFound;
  const status = errorStatus(error as CallError);
  if (status === 400 || status === 422 || status === 404) return null;
  return serverProblem(error, T.checkFailed).sentence;
}

/**
 * An update path and its check against the server (back-office §4 "Update creation dialogs"): entered,
 * then validated, then confirmed. Success keeps the manifest; failure clears it; a change of the path
 * drops both the validation and the error. An answer that arrives after the path changed is ignored.
 */
export function usePathValidation<M>(check: (updatePath: string) => Promise<M>): PathValidation<M> {
  const [path, setPathText] = useState('');
  const [state, setState] = useState<PathState>('unchecked');
  const [manifest, setManifest] = useState<M | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [validatedPath, setValidatedPath] = useState<string | null>(null);
  // Bumped by every edit and every check: an answer for an older one is stale.
  const generation = useRef(0);

  const setPath = useCallback((next: string) => {
    generation.current += 1;
    setPathText(next);
    setState('unchecked');
    setManifest(null);
    setMessage(null);
    setValidatedPath(null);
  }, []);

  const validate = useCallback(async () => {
    const updatePath = path.trim();
    if (updatePath === '') return;
    generation.current += 1;
    const mine = generation.current;
    setState('checking');
    setManifest(null);
    setMessage(null);
    setValidatedPath(null);
    try {
      const found = await check(updatePath);
      if (generation.current !== mine) return;
      setManifest(found);
      setValidatedPath(updatePath);
      setState('checked');
    } catch (error) {
      if (generation.current !== mine) return;
      setMessage(pathCheckMessage(error));
      setState('error');
    }
  }, [check, path]);

  return { path, setPath, state, manifest, message, validatedPath, validate };
}
