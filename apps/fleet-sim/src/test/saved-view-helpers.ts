import { savedViewSchema, type SavedViewScreen } from '@equipment-dashboard/contract';
import type { SuiteServer } from './test-server';

/** Saves a view of a list as `user` would (the contract's create call), answering its id. */
export async function saveView(
  t: SuiteServer,
  user: string,
  view: { screen: SavedViewScreen; name: string; query: Record<string, string>; shared?: boolean },
): Promise<number> {
  const res = await t.as(user).post('/create/saved_view/v1').send(view);
  if (res.status !== 200) throw new Error(`view not saved: ${res.status} ${JSON.stringify(res.body)}`);
  return savedViewSchema.parse(res.body).id;
}
