/**
 * Notification (ad) rules (back-office §2.6, §3, §5, §9).
 */
import {
  NOTIFICATION_MIME_TYPES,
  NOTIFICATION_TARGET_FAMILIES,
  NOTIFICATION_TARGET_TYPE,
  type NotificationTargetFamily,
} from '../constants/constants';

/** The fields the Create button depends on (back-office §5). */
export interface NotificationForm {
  /** Name. */
  name?: string | null;
  /** Content MIME type: image/png, image/jpeg or text/html. */
  mimeType?: string | null;
  /** Content path. */
  resourcePath?: string | null;
  /** Target type: 'geographic'. */
  targetType?: string | null;
  /** Target family: aligner, gtps or all. */
  family?: string | null;
  /** Country. */
  country?: string | null;
}

/** A notification's target as sent (back-office §3: target (family, country, region or null, city or null)). */
export interface NotificationTarget {
  /** Target family. */
  family: string;
  /** Country. */
  country: string;
  /** Region, or null for the whole country. */
  region: string | null;
  /** City, or null for the whole region. */
  city: string | null;
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * True when Create is enabled: name, MIME type, path, target type, family and country are all set
 * (back-office §5). Decision: the selects can only offer the spec's values, so MIME type, target type
 * and family must also be one of them (back-office §9); the server uses the same rule.
 */
export function canCreateNotification(form: NotificationForm): boolean {
  return (
    filled(form.name) &&
    filled(form.resourcePath) &&
    filled(form.country) &&
    filled(form.mimeType) &&
    (NOTIFICATION_MIME_TYPES as readonly string[]).includes(form.mimeType) &&
    form.targetType === NOTIFICATION_TARGET_TYPE &&
    isNotificationTargetFamily(form.family)
  );
}

/** True when the value is a notification target family: aligner, gtps or all (back-office §9). */
export function isNotificationTargetFamily(value: unknown): value is NotificationTargetFamily {
  return typeof value === 'string' && (NOTIFICATION_TARGET_FAMILIES as readonly string[]).includes(value);
}

/**
 * The target as sent: region and city are optional and sent as null if blank (back-office §5). Values
 * are trimmed.
 */
export function notificationTargetOf(form: {
  family: string;
  country: string;
  region?: string | null;
  city?: string | null;
}): NotificationTarget {
  return {
    family: String(form.family ?? '').trim(),
    country: String(form.country ?? '').trim(),
    region: filled(form.region) ? form.region.trim() : null,
    city: filled(form.city) ? form.city.trim() : null,
  };
}
