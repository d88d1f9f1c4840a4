import { defineFeature } from '../../feature.ts';
import { adResource } from './defs/ads.ts';
import { seedDemoAds } from './seed.ts';

/** Ads on the public boards (API: api/ads.ts). */
export const adsFeature = defineFeature({
  name: 'ads',
  routes: ['/admin/superadmin/ads'],
  resources: [adResource],
  // A featured job and a banner on the boards.
  seed: [(db) => seedDemoAds(db)],
});
