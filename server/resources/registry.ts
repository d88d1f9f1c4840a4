import { interviewsReadModel } from './defs/interviews.ts';
import { shiftsReadModel } from './defs/shifts.ts';
import type { ResourceDef } from './define.ts';
import type { ReadModelDef } from './read-model.ts';
import { applicationsReadModel } from './defs/applications.ts';
import { clientResource, companyResource } from './defs/organizations.ts';
import { TEMPLATE_RESOURCES } from './defs/templates.ts';
import { paymentSettingsResource } from './defs/payment.ts';
import { staffResource } from './defs/staff.ts';
import { USER_RESOURCES } from './defs/users.ts';
import { JOB_RESOURCES } from './defs/jobs.ts';
import { crawlerSourceResource } from './defs/crawler.ts';
import { adResource } from './defs/ads.ts';
import { workersReadModel } from './defs/workers.ts';
import { scoutCandidatesReadModel, scoutOffersReadModel } from './defs/scouting.ts';
import { cardChecksReadModel } from './defs/card-checks.ts';
import { advancesReadModel, invoicesReadModel, payLinesReadModel, payRunsReadModel } from './defs/money.ts';
import { campaignResource, pointEntriesReadModel } from './defs/points.ts';
import { surveysReadModel } from './defs/surveys.ts';

/** Every resource the engine serves. Add a definition here and its API and screens exist. */
export const RESOURCES: ResourceDef[] = [companyResource, clientResource, ...TEMPLATE_RESOURCES];
// Users, staff and payment settings.
RESOURCES.push(...USER_RESOURCES, staffResource, paymentSettingsResource);
// Regular/part-time and daily jobs.
RESOURCES.push(...JOB_RESOURCES);
// Job import (the crawler).
RESOURCES.push(crawlerSourceResource);
// Ads on the public boards.
RESOURCES.push(adResource);


/** Every read model (lists over joined queries, read-model.ts): its API and screens exist from the definition. */
export const READ_MODELS: ReadModelDef[] = [applicationsReadModel, interviewsReadModel, shiftsReadModel];
// Money: daily pay, monthly pay, quick pay, invoices.
READ_MODELS.push(payLinesReadModel, payRunsReadModel, advancesReadModel, invoicesReadModel);
// Workers (first part).
READ_MODELS.push(workersReadModel);
// Points and campaigns.
READ_MODELS.push(pointEntriesReadModel);
RESOURCES.push(campaignResource);
// Scouting: the search over opted-in candidates, the offers awaiting an answer and the answered ones.
READ_MODELS.push(scoutCandidatesReadModel, scoutOffersReadModel);
// Surveys.
READ_MODELS.push(surveysReadModel);
// Residence-card checks.
READ_MODELS.push(cardChecksReadModel);
