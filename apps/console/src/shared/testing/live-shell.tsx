import { useLiveChannel } from '../../app/live/use-live-channel';
import { SignedInLayout } from '../../app/shell/signed-in-layout';

/** The signed-in shell as the app's frame runs it (app/router.tsx): with the live channel. */
export function LiveShell() {
  useLiveChannel();
  return <SignedInLayout />;
}
