import { Tooltip } from 'antd';
import { UNIT_TEXTS } from './texts';

/** A country's flag (GET /flags/{cc}.png) with the country code as its tooltip (console-core §2). */
export function CountryFlag({ code }: { code: string }) {
  const cc = code.trim().toUpperCase();
  if (cc === '') return <span aria-label={UNIT_TEXTS.noCountry}>–</span>;
  return (
    <Tooltip title={cc}>
      <img
        src={`/flags/${encodeURIComponent(cc)}.png`}
        alt={cc}
        aria-label={UNIT_TEXTS.countryFlag(cc)}
        width={24}
        height={16}
        loading="lazy"
        style={{ objectFit: 'cover', border: '1px solid #f0f0f0', borderRadius: 2, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
