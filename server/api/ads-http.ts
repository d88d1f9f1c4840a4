import { Router } from 'express';
import type { Services } from '../services.ts';

/** The paths the ads answer outside GraphQL (a remote web tier proxies them to the API). */
export const ADS_PATH = '/ads';

/**
 * A click on an ad (`/ads/click/<id>`) and a banner's stored image (`/ads/image/<id>`), both
 * answered from the process's cache of current ads (server/modules/ads/service.ts). The click
 * redirects to the ad's own target only (there is no target in the address, so it is no open
 * redirect), sets no cookie and is counted in memory.
 */
export function adsRouter(services: Services): Router {
  const r = Router();
  r.get(`${ADS_PATH}/click/:id`, async (req, res) => {
    const target = await services.ads.click(req.params.id);
    if (!target) return void res.status(404).type('text').send('Not found');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.redirect(302, target);
  });
  r.get(`${ADS_PATH}/image/:id`, async (req, res) => {
    const img = await services.ads.image(req.params.id);
    if (!img) return void res.status(404).type('text').send('Not found');
    // The address carries the version (?v=…): a changed image gets a new address.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(img.type).send(img.data);
  });
  return r;
}
