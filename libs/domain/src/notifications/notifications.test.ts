import { canCreateNotification, isNotificationTargetFamily, notificationTargetOf } from './notifications';

const form = {
  name: 'Spring ad',
  mimeType: 'image/png',
  resourcePath: '/ads/spring.png',
  targetType: 'geographic',
  family: 'aligner',
  country: 'United States',
};

describe('canCreateNotification', () => {
  it('when every required field is set, then Create is enabled', () => {
    // back-office §5: Create is enabled only when name, MIME type, path, target type, family and country are all set.
    expect(canCreateNotification(form)).toBe(true);
  });

  it('when any required field is missing, then Create is disabled', () => {
    // back-office §5: all set
    for (const key of Object.keys(form) as (keyof typeof form)[]) {
      expect(canCreateNotification({ ...form, [key]: '' })).toBe(false);
      expect(canCreateNotification({ ...form, [key]: null })).toBe(false);
    }
  });

  it('when the MIME type or family is not one of the spec values, then Create is disabled', () => {
    // back-office §9: Notification MIME types: image/png, image/jpeg, text/html. Target families: aligner, gtps, all.
    expect(canCreateNotification({ ...form, mimeType: 'image/gif' })).toBe(false);
    expect(canCreateNotification({ ...form, family: 'aligner-oasis' })).toBe(false);
    expect(canCreateNotification({ ...form, targetType: 'radius' })).toBe(false);
    expect(isNotificationTargetFamily('all')).toBe(true);
  });
});

describe('notificationTargetOf', () => {
  it('when region and city are blank, then they are sent as null', () => {
    // back-office §5: Region and city are optional and are sent as null if blank.
    expect(notificationTargetOf({ family: 'gtps', country: 'Canada', region: ' ', city: undefined })).toEqual(
      {
        family: 'gtps',
        country: 'Canada',
        region: null,
        city: null,
      },
    );
  });

  it('when region and city are set, then they are sent trimmed', () => {
    // back-office §3: target (family, country, region or null, city or null)
    expect(
      notificationTargetOf({ family: 'all', country: 'Canada', region: ' Ontario ', city: 'Toronto' }),
    ).toEqual({
      family: 'all',
      country: 'Canada',
      region: 'Ontario',
      city: 'Toronto',
    });
  });
});
