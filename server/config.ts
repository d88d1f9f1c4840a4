import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowList, type AllowList } from './net/outbound.ts';

/**
 * Every environment variable the product reads, checked once at boot (STYLE.md 4).
 * The typed Config is passed down; nothing reads process.env deeper in.
 */
const EnvSchema = z.object({
  // Production unless said otherwise: `npm start` is what people run, and it must be safe as it is.
  // Development behaviour (introspection, unmasked errors) only where asked for: `npm run start:dev`.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'REDIS_PREFIX: letters, digits, colon, underscore or hyphen')
    .default('tsunagu:'),
  API_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').optional(),
  // Links are written as PUBLIC_URL + path: a trailing slash would double the path's own.
  PUBLIC_URL: z
    .url()
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Tsunagu <no-reply@tsunagu.test>'),
  CHAT_MAIL_DELAY_SECONDS: z.coerce.number().int('CHAT_MAIL_DELAY_SECONDS must be a whole number of seconds').min(0).max(86_400).default(120),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int('DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds').min(0).max(600_000).default(15_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int('DB_CONNECT_TIMEOUT_MS must be a whole number of milliseconds').min(100).max(120_000).default(5_000),
  CRAWLER_INTERVAL_SECONDS: z.coerce.number().int('CRAWLER_INTERVAL_SECONDS must be a whole number of seconds').min(0).max(86_400).default(60),
  ADS_FLUSH_SECONDS: z.coerce.number().int('ADS_FLUSH_SECONDS must be a whole number of seconds').min(0).max(3_600).default(5),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int('SESSION_IDLE_MINUTES must be a whole number of minutes')
    .min(1)
    .max(24 * 60)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int('SESSION_MAX_HOURS must be a whole number of hours')
    .min(1)
    .max(24 * 30)
    .default(12),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int('REMINDER_INTERVAL_SECONDS must be a whole number of seconds').min(0).max(86_400).default(60),
  INTEGRATION_KEY: z
    .string()
    .trim()
    .refine((v) => integrationKeyBytes(v) !== null, 'INTEGRATION_KEY must be 32 bytes: 64 hex characters, or base64 of 32 bytes (openssl rand -base64 32)')
    .optional(),
  OUTBOUND_ALLOW: z
    .string()
    .superRefine((v, ctx) => {
      const why = allowListError(v);
      if (why) ctx.addIssue({ code: 'custom', message: why });
    })
    .optional(),
  // A link to a translation the inbox offers beside a message in the other language; the browser
  // follows it, the server never calls it (docs/inbox.md "Translation hint").
  TRANSLATE_URL_TEMPLATE: z
    .url('TRANSLATE_URL_TEMPLATE must be an http(s) address')
    .refine((v) => /^https?:\/\//.test(v) && v.includes('{text}') && v.includes('{lang}'), 'TRANSLATE_URL_TEMPLATE must be an http(s) address holding {text} and {lang}')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  TRUST_PROXY: z.string().optional(),
  WEB_CONCURRENCY: z.coerce.number().int('WEB_CONCURRENCY must be a whole number of worker processes').min(1).max(64).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  apiUrl: string | undefined;
  jwtSecret: string | undefined;
  demoPassword: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long a company's answer may stay unread before the candidate is mailed about it. */
  chatMailDelaySeconds: number;
  /** The most one query keeps a request waiting (server/db/connect.ts timeBounds; 0 = none). */
  dbStatementTimeoutMs: number;
  /** How long to wait for a database connection before the request fails (503). */
  dbConnectTimeoutMs: number;
  /** How often the job-import scheduler looks for due sources; 0 = never (runs only by "Run now"). */
  crawlerIntervalSeconds: number;
  /** How often the ad impressions and clicks counted in memory are written (0: only at shutdown). */
  adsFlushSeconds: number;
  /** How often the pipeline's reminders run (0: never). */
  reminderIntervalSeconds: number;
  /** A session ends this long after the person's last request (sliding; renewed while active). */
  sessionIdleSeconds: number;
  /** A session ends this long after signing in, however active (then sign in again). */
  sessionMaxSeconds: number;
  /**
   * The AES-256 key that seals integration credentials (docs/romuten.md): INTEGRATION_KEY, else null
   * here and, for a server that has a database, the key generated once and kept in DATA_DIR
   * (server/secrets.ts) filled in at start-up. Never a built-in key.
   */
  integrationKey: Buffer | null;
  /** What OUTBOUND_ALLOW lets requests to user-given addresses reach inside the network (server/net/outbound.ts). */
  outboundAllow: AllowList;
  /** TRANSLATE_URL_TEMPLATE: where the inbox links a message for translation ({text}, {lang}); undefined: no link, a hint only. */
  translateUrlTemplate: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  seed: Env['SEED'];
  trustProxy: string | undefined;
  /** How many worker processes `npm run start:cluster` runs (default: the number of cores). */
  workers: number;
}

export class ConfigError extends Error {}

/** The 32 bytes of an INTEGRATION_KEY written as 64 hex characters or as base64; null when it is neither. */
function integrationKeyBytes(v: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v, 'base64');
    if (b.length === 32) return b;
  }
  return null;
}

/** The 32 bytes of an INTEGRATION_KEY (checked at boot), as the key file in DATA_DIR holds them too. */
export const integrationKeyOf = integrationKeyBytes;

function allowListError(v: string): string | null {
  try {
    parseAllowList(v);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    apiUrl: e.API_URL,
    jwtSecret: e.JWT_SECRET,
    demoPassword: e.DEMO_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    chatMailDelaySeconds: e.CHAT_MAIL_DELAY_SECONDS,
    crawlerIntervalSeconds: e.CRAWLER_INTERVAL_SECONDS,
    adsFlushSeconds: e.ADS_FLUSH_SECONDS,
    reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS,
    sessionIdleSeconds: e.SESSION_IDLE_MINUTES * 60,
    sessionMaxSeconds: e.SESSION_MAX_HOURS * 3600,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    integrationKey: e.INTEGRATION_KEY ? integrationKeyBytes(e.INTEGRATION_KEY) : null,
    outboundAllow: parseAllowList(e.OUTBOUND_ALLOW),
    translateUrlTemplate: e.TRANSLATE_URL_TEMPLATE,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    trustProxy: e.TRUST_PROXY,
    workers: e.WEB_CONCURRENCY ?? os.availableParallelism(),
  };
}
