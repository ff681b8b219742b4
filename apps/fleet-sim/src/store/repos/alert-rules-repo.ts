import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { alertRules } from '../schema';
import { escapeLike } from './users-repo';
import { deleteWhere, findOne, insertOne, pageOf, type Page } from './rows';

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type NewAlertRuleRow = typeof alertRules.$inferInsert;

/** A page of rules by name (case aside: the same order on every store's collation), optionally those whose name contains `filterName`. */
export function listRules(db: Db, query: { page: number; filterName?: string }): Promise<Page<AlertRuleRow>> {
  const where = query.filterName
    ? sql`${alertRules.name} ILIKE ${`%${escapeLike(query.filterName)}%`}`
    : undefined;
  return pageOf(db, alertRules, {
    page: query.page,
    where,
    orderBy: [sql`lower(${alertRules.name})`, asc(alertRules.name), asc(alertRules.id)],
  });
}

/** Every rule (a few dozen at most), as the evaluator reads them at each look. */
export function allRules(db: Db): Promise<AlertRuleRow[]> {
  return db.select().from(alertRules).orderBy(asc(alertRules.id));
}

export async function findRule(db: Db, id: number): Promise<AlertRuleRow | undefined> {
  return findOne(db, alertRules, eq(alertRules.id, id));
}

export function insertRule(db: Db, row: NewAlertRuleRow): Promise<AlertRuleRow> {
  return insertOne(db, alertRules, row);
}

/** Changes a rule's columns; answers it as it now is, or undefined when there is no such rule. */
export async function updateRule(
  db: Db,
  id: number,
  set: Partial<NewAlertRuleRow>,
): Promise<AlertRuleRow | undefined> {
  const [row] = await db.update(alertRules).set(set).where(eq(alertRules.id, id)).returning();
  return row;
}

/** Deletes a rule; answers whether it was there. */
export async function deleteRule(db: Db, id: number): Promise<boolean> {
  return deleteWhere(db, alertRules, eq(alertRules.id, id));
}

/** Rules whose channels or escalation name a webhook. */
export function rulesNamingWebhook(db: Db, webhookId: number): Promise<AlertRuleRow[]> {
  const named = JSON.stringify([webhookId]);
  return db
    .select()
    .from(alertRules)
    .where(
      sql`${alertRules.channels}->'webhookIds' @> ${named}::jsonb OR ${alertRules.escalateTo}->'webhookIds' @> ${named}::jsonb`,
    );
}
