import { ASSUMPTIONS } from './assumptions.ts';
import { monthlyBill } from './bill.ts';
import { capacityModel } from './capacity.ts';
import { PRICE_LIST } from './prices.ts';
import { formatBill, formatCapacity, formatDrivers, summary, TARGETS } from './report.ts';
import { currentThrottles } from './stage-throttles.ts';

/**
 * npm run cost:model — the modelled monthly AWS bill of the stack for 1,000 and 100,000 members,
 * line by line per service, the usage-driven total against its targets (TARGETS), the fixed monthly
 * costs apart, what drives the bill at 100,000 members, then the capacity model (10,000 dashboards
 * open at once: request rates and the stage throttles they call for). The last line is JSON.
 *
 * Assumptions: local/cost/assumptions.ts. Prices: local/cost/prices.ts (us-east-1, list prices,
 * their date and source pages; unverified ones are marked there and listed below).
 */

const at1000 = monthlyBill(1_000, ASSUMPTIONS, PRICE_LIST);
const at100000 = monthlyBill(100_000, ASSUMPTIONS, PRICE_LIST);
const capacity = capacityModel(ASSUMPTIONS, await currentThrottles());

const unverified = Object.entries(PRICE_LIST.prices)
  .filter(([, price]) => !price.verified)
  .map(([name]) => name);

const lines = [
  `Anchored: modelled monthly AWS bill (${PRICE_LIST.region}, ${PRICE_LIST.currency} list prices taken ${PRICE_LIST.takenOn}; no free tiers but Cognito's 10,000 MAU)`,
  `Unverified prices (best knowledge, check before quoting): ${unverified.join(', ')}`,
  '',
  ...formatBill(at1000, TARGETS.usageAt1000AtMost),
  '',
  ...formatBill(at100000, TARGETS.usageAt100000AtMost),
  '',
  ...formatDrivers(at100000, PRICE_LIST),
  '',
  ...formatCapacity(capacity),
  '',
  JSON.stringify(summary(at1000, at100000)),
];
process.stdout.write(`${lines.join('\n')}\n`);
