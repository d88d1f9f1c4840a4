import { defineWebFeature } from './feature.ts';
import { points } from './panels.tsx';

/** Points' screens (server/modules/points/feature.ts): adding or taking points by hand above the point list. */
export const pointsWeb = defineWebFeature({
  feature: 'points',
  panels: { '/v3/admin/point': points },
});
