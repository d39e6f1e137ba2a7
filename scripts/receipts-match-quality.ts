/**
 * `npm run receipts:match-quality`: precision and recall of the "did my coupons apply?" matcher
 * (app/accounts/coupon-misses.ts) on the demo data (every brand's seed, run in memory) and on the
 * generated set with known answers (test/receipt-matching.ts). docs/reference/receipts.md.
 */
import { demoMatching } from '../test/demo-matching';
import { generatedQuality } from '../test/receipt-matching';

const f = (n: number) => n.toFixed(3);

const demo = await demoMatching();
console.log(
  `demo data: ${demo.apps} apps, ${demo.shoppers} shoppers, ${demo.flagged} flagged, ` +
    `${demo.truth} true misses, precision ${f(demo.precision)}, recall ${f(demo.recall)}; ` +
    `planted misses found ${demo.plantedFound}/${demo.planted}, ` +
    `planted near misses flagged ${demo.nearFlagged.length}/${demo.nearPlanted}, ` +
    `shoppers with fewer than 2 flags: ${demo.thinShoppers}`,
);
for (const line of demo.nearFlagged) console.log(`  near miss flagged: ${line}`);
const gen = generatedQuality();
console.log(
  `generated set: ${gen.receipts} receipts, ${gen.flagged} flagged, ${gen.truth} true misses, ` +
    `precision ${f(gen.precision)}, recall ${f(gen.recall)}`,
);
