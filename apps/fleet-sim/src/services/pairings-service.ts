import type { Paged, Pairing } from '@equipment-dashboard/contract';
import * as pairingsRepo from '../store/repos/pairings-repo';
import type { ServiceDeps } from './service-deps';

/** A stored pairing as the contract answers it; `reason` only on aborted pairings (back-office §2.9). */
export function pairingOf(row: pairingsRepo.PairingRow): Pairing {
  return {
    id: String(row.id),
    vendor: row.vendor,
    vendorKey: row.vendorKey,
    alignmentId: row.alignmentId,
    truPointSerialNumber: row.truPointSerialNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reason: row.status === 'aborted' ? (row.reason ?? null) : null,
    calibrations: row.calibrations.map((c) => ({
      name: c.name,
      state: c.state,
      passed: c.passed,
      reportMessage: c.reportMessage ?? null,
    })),
  };
}

/** Back-office §2.9: one of the Active, Completed and Aborted tabs, 10 per page, sortable. */
export async function listPairings(
  deps: ServiceDeps,
  status: pairingsRepo.PairingStatus,
  query: { page: number; sortBy?: pairingsRepo.PairingSortField; sortDesc: boolean },
): Promise<Paged<Pairing>> {
  const { docs, totalDocs } = await pairingsRepo.listPairings(deps.db, { status, ...query });
  return { docs: docs.map(pairingOf), totalDocs };
}
