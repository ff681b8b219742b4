/**
 * Texts of the update path check that the software and spec update dialogs share (back-office §2.2,
 * §2.3, §8). The MANIFEST_NOT_FOUND message is the spec's, letter for letter (two spaces after the first
 * sentence); the other words are ours.
 */
export const UPDATE_PATH_TEXTS = {
  updatePath: 'update path',
  validate: 'Validate',
  checking: 'Checking…',
  stateLabel: {
    unchecked: 'Not validated',
    checking: 'Checking',
    checked: 'Validated',
    error: 'Not valid',
  },
  manifestNotFound:
    'A manifest.json file was not found at the specified path.  Verify that the path you entered is correct or try a different path.',
  checkFailed: 'The path could not be checked. Please try again.',
} as const;
