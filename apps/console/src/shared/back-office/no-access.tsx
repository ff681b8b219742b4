import { Result } from 'antd';
import { ScreenCard } from './screen-card';

/**
 * A screen that the signed-in role may not use: the route stays reachable (console-core §2 "route access
 * needs only sign-in"), so it says so plainly instead of asking the server for what it would refuse.
 */
export function NoAccess({ title, message }: { title: string; message: string }) {
  return (
    <ScreenCard title={title}>
      <Result status="403" title={message} />
    </ScreenCard>
  );
}
