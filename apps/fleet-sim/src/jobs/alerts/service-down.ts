import { SERVICE_NAMES, SERVICES } from '@equipment-dashboard/domain';
import type { RuleState } from './alert-book';
import type { Look } from './look';

/** The subject key of a service's alert. */
export const serviceKey = (name: string): string => `service:${name}`;

/** Services of the home dashboard's panel that are down now. */
export function servicesDown(look: Pick<Look, 'world' | 'now'>): string[] {
  return SERVICE_NAMES.filter((name) => !look.world.services.isUp(name, look.now));
}

/** Looks at a serviceDown rule: one alert per service while it stays down. */
export function lookAtServices(rule: RuleState, look: Look): void {
  const down = new Set(servicesDown(look));
  for (const name of SERVICE_NAMES) {
    const key = serviceKey(name);
    if (!down.has(name)) {
      look.book.clear(rule, key);
      continue;
    }
    const since = rule.open.get(key)?.since ?? look.now;
    look.book.hold(rule, {
      key,
      since,
      subject: { service: name },
      serialNumber: null,
      family: null,
      service: name,
      summary: `Service ${SERVICES[name]} (${name}) down`,
    });
  }
}
