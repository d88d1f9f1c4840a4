import type { Request, Response } from 'express';
import type { Caller } from '../api/client.ts';

/** The API caller of a web request: its session token, language and address. */
export function callerOf(req: Request, res: Response): Caller {
  return { token: res.locals.token ?? req.cookies?.token, lang: res.locals.lang, ip: req.ip ?? '' };
}
