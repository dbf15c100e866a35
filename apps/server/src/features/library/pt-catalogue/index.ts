import { type CatalogueEntryInput } from '@homestretch/contract/library/catalogue-entry';
import { ANKLE_FOOT } from './ankle-foot';
import { BACK } from './back';
import { BALANCE } from './balance';
import { HIP } from './hip';
import { KNEE } from './knee';
import { NECK } from './neck';
import { POSTURE } from './posture';
import { SHOULDER } from './shoulder';

/** The shipped physical-therapy catalogue (issue 32), every region's entries. */
export const PT_CATALOGUE: CatalogueEntryInput[] = [
  ...KNEE,
  ...HIP,
  ...BACK,
  ...NECK,
  ...SHOULDER,
  ...ANKLE_FOOT,
  ...BALANCE,
  ...POSTURE,
];
