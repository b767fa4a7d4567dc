import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('readConfig', () => {
  it('given an empty URL variable (compose passes an unset one through as empty), then treats it as not configured', () => {
    const config = readConfig({ REDIS_URL: '', DATABASE_URL: ' ', KURRENTDB_URL: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KURRENTDB_URL).toBeUndefined();
  });

  it('given every variable docker-compose.yml passes through empty, then reads each as unset, defaults included', () => {
    const config = readConfig({
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      SMTP_URL: '',
      MAIL_FROM: '',
      ADMIN_EMAILS: '',
      LOG_LEVEL: '',
      PORT: '',
      IMAGE_URL_HOSTS: '',
      FIREBASE_PROJECT_ID: '',
    });
    expect(config).toMatchObject({
      LOG_LEVEL: 'info',
      PORT: 3000,
      ADMIN_EMAILS: [],
      IMAGE_URL_HOSTS: [],
      MAIL_FROM: 'Hostel Meals <no-reply@hostel-meals.invalid>',
    });
    for (const name of [
      'FIREBASE_PROJECT_ID',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ] as const)
      expect(config[name], name).toBeUndefined();
  });

  it('reads IMAGE_URL_HOSTS as host names (none by default) and refuses a URL or a port in it', () => {
    expect(readConfig({}).IMAGE_URL_HOSTS).toEqual([]);
    expect(readConfig({ IMAGE_URL_HOSTS: ' Res.Cloudinary.com, i.ibb.co ,' }).IMAGE_URL_HOSTS).toEqual(['res.cloudinary.com', 'i.ibb.co']);
    for (const value of ['https://res.cloudinary.com', 'images.example.com:8443', 'images.example.com/path'])
      expect(() => readConfig({ IMAGE_URL_HOSTS: value }), value).toThrow(/IMAGE_URL_HOSTS[.0-9]*: each entry must be a host name/);
  });

  it('reads each comma-separated list trimmed, blanks dropped: emails in lower case, origins without a trailing slash', () => {
    const config = readConfig({
      ADMIN_EMAILS: ' Boss@Hostel.test ,, cook@hostel.test',
      APP_ORIGIN: 'https://meals.example.edu/ , http://localhost:5173',
      JWT_JWKS_URL: 'http://command-api-1:3000/api/auth/jwks, http://command-api-2:3000/api/auth/jwks,',
    });
    expect(config.ADMIN_EMAILS).toEqual(['boss@hostel.test', 'cook@hostel.test']);
    expect(config.APP_ORIGIN).toEqual(['https://meals.example.edu', 'http://localhost:5173']);
    expect(config.JWT_JWKS_URL).toEqual(['http://command-api-1:3000/api/auth/jwks', 'http://command-api-2:3000/api/auth/jwks']);
  });

  it('given a malformed URL, then stops with a message naming the variable', () => {
    expect(() => readConfig({ REDIS_URL: 'localhost:6379' })).toThrow('REDIS_URL: must be a Redis URL such as redis://host:6379');
  });
});
