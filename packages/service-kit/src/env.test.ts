import { describe, expect, it } from 'vitest';
import {
  booleanFromString,
  ConfigError,
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from './env';

const schema = serviceEnvSchema.extend({ PORT: portSchema(3999), FEATURE_URL: optionalUrl });

const valid: EnvSource = {
  DATABASE_URL: 'postgres://app:secret@db:5432/app',
  INTERNAL_TOKEN: 'i'.repeat(32),
  IDENTITY_SIGNING_KEY: 'k'.repeat(32),
};

function configErrorOf(source: EnvSource): ConfigError {
  try {
    parseEnv(schema, source);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('parseEnv accepted an invalid environment');
}

describe('parseEnv', () => {
  it('names every missing key in one error', () => {
    const error = configErrorOf({});
    expect(error.problems).toEqual([
      'DATABASE_URL is required but not set',
      'INTERNAL_TOKEN is required but not set',
      'IDENTITY_SIGNING_KEY is required but not set',
    ]);
    expect(error.message).toContain('  - DATABASE_URL is required but not set\n');
    expect(error.message).toContain('  - IDENTITY_SIGNING_KEY is required but not set');
    expect(error.name).toBe('ConfigError');
  });

  it('reports missing and invalid keys together', () => {
    const error = configErrorOf({ ...valid, DATABASE_URL: undefined, PORT: '70000' });
    expect(error.problems).toHaveLength(2);
    expect(error.problems[0]).toBe('DATABASE_URL is required but not set');
    expect(error.problems[1]).toMatch(/^PORT: /);
  });

  it('refuses secrets shorter than 32 characters, naming the key', () => {
    const error = configErrorOf({ ...valid, INTERNAL_TOKEN: 'short', IDENTITY_SIGNING_KEY: 'k'.repeat(31) });
    expect(error.problems).toEqual([
      'INTERNAL_TOKEN: INTERNAL_TOKEN must be at least 32 characters',
      'IDENTITY_SIGNING_KEY: IDENTITY_SIGNING_KEY must be at least 32 characters',
    ]);
  });

  it('treats empty strings as unset: a default applies, a required key is reported missing', () => {
    const env = parseEnv(schema, { ...valid, HOST: '', LOG_LEVEL: '', FEATURE_URL: '' });
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.FEATURE_URL).toBeUndefined();
    expect(configErrorOf({ ...valid, DATABASE_URL: '' }).problems).toEqual([
      'DATABASE_URL is required but not set',
    ]);
  });

  it('applies the defaults', () => {
    expect(parseEnv(schema, valid)).toEqual({
      ...valid,
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      DATABASE_POOL_MAX: 10,
      PUBLIC_ORIGIN: 'http://localhost:3000',
      RUN_MIGRATIONS: true,
      PORT: 3999,
    });
  });

  it('coerces numbers and booleans from their text', () => {
    const env = parseEnv(schema, {
      ...valid,
      PORT: '8080',
      DATABASE_POOL_MAX: '25',
      RUN_MIGRATIONS: 'false',
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_POOL_MAX).toBe(25);
    expect(env.RUN_MIGRATIONS).toBe(false);
  });

  it('refuses numbers that are not numbers or out of range', () => {
    expect(configErrorOf({ ...valid, PORT: 'eighty' }).problems).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(configErrorOf({ ...valid, PORT: '-1' }).problems).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(configErrorOf({ ...valid, DATABASE_POOL_MAX: '2.5' }).problems).toEqual([
      expect.stringMatching(/^DATABASE_POOL_MAX: /),
    ]);
  });

  it('ignores keys the schema does not know', () => {
    const env = parseEnv(schema, { ...valid, PATH: '/usr/bin', SOMETHING_ELSE: 'x' });
    expect(env).not.toHaveProperty('PATH');
  });
});

describe('optionalUrl and PUBLIC_ORIGIN', () => {
  it('accept http and https URLs', () => {
    const env = parseEnv(schema, {
      ...valid,
      FEATURE_URL: 'http://catalog-and-orders:3002',
      PUBLIC_ORIGIN: 'https://example.org',
    });
    expect(env.FEATURE_URL).toBe('http://catalog-and-orders:3002');
    expect(env.PUBLIC_ORIGIN).toBe('https://example.org');
  });

  it.each(['localhost:3002', 'catalog-and-orders', 'ftp://files.example.org', 'http:/missing-slash'])(
    'refuse %s at start',
    (value) => {
      expect(configErrorOf({ ...valid, FEATURE_URL: value, PUBLIC_ORIGIN: value }).problems).toEqual([
        expect.stringMatching(/^PUBLIC_ORIGIN: /),
        expect.stringMatching(/^FEATURE_URL: /),
      ]);
    },
  );
});

describe('booleanFromString', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads %s as %s', (text, expected) => {
    expect(booleanFromString.parse(text)).toBe(expected);
  });

  it('refuses anything else rather than guessing', () => {
    for (const text of ['on', 'TRUE ', 'maybe', '']) {
      expect(booleanFromString.safeParse(text).success).toBe(false);
    }
    expect(configErrorOf({ ...valid, RUN_MIGRATIONS: 'sometimes' }).problems).toEqual([
      expect.stringMatching(/^RUN_MIGRATIONS: /),
    ]);
  });
});
