import { defineFeature } from '../../feature.ts';
import { staffResource } from './defs/staff.ts';
import { seedDemoPersonDuplicates, seedDemoStaff } from './seed.ts';

/** The staff registry of foreign staff (/admin/staff) and one person's duplicates and merges (API: api/person.ts). */
export const staffFeature = defineFeature({
  name: 'staff',
  routes: ['/admin/staff'],
  resources: [staffResource],
  seed: [
    // The staff registry of both companies, some residence cards expiring soon.
    (db, demo) => seedDemoStaff(db, demo.companies),
    // A registry row duplicating a demo candidate (the residence-card check's), and one registered twice.
    { after: 'workforce', run: (db, demo) => seedDemoPersonDuplicates(db, demo.company) },
  ],
});
