import { describe, expect, it } from 'vitest';
import { buildPath, loginPath, matchPath, matchRoutes, parseLocation, route, safeNext } from './router.ts';

describe('parseLocation', () => {
  it('keeps the root as /', () => {
    expect(parseLocation('/').path).toBe('/');
    expect(parseLocation('').path).toBe('/');
  });

  it('reads the query', () => {
    const location = parseLocation('/login', '?next=%2Fstudies%2Fpilot');
    expect(location.path).toBe('/login');
    expect(location.search.get('next')).toBe('/studies/pilot');
  });

  it('drops trailing and repeated slashes', () => {
    expect(parseLocation('/studies//pilot/').path).toBe('/studies/pilot');
  });
});

describe('matchPath', () => {
  it('matches literal paths, ignoring a trailing slash', () => {
    expect(matchPath('/login', '/login')).toEqual({});
    expect(matchPath('/login', '/login/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
  });

  it('returns the decoded parameters', () => {
    expect(matchPath('/studies/:name', '/studies/pilot%202025')).toEqual({ name: 'pilot 2025' });
    expect(matchPath('/studies/:name/queue/:position', '/studies/a%2Fb/queue/3')).toEqual({
      name: 'a/b',
      position: '3',
    });
  });

  it('rejects other literals and other segment counts', () => {
    expect(matchPath('/login', '/logout')).toBeNull();
    expect(matchPath('/studies/:name', '/studies')).toBeNull();
    expect(matchPath('/studies/:name', '/studies/a/b')).toBeNull();
    expect(matchPath('/', '/login')).toBeNull();
  });

  it('rejects a malformed escape instead of throwing', () => {
    expect(matchPath('/studies/:name', '/studies/%E0%A4%A')).toBeNull();
  });
});

describe('matchRoutes', () => {
  const routes = [
    route('/studies/new', () => 'create'),
    route('/studies/:name', ({ name }) => `study ${name}`),
    route('/', () => 'home'),
  ];

  it('returns the output of the first matching route', () => {
    expect(matchRoutes(routes, '/studies/new')).toBe('create');
    expect(matchRoutes(routes, '/studies/pilot')).toBe('study pilot');
    expect(matchRoutes(routes, '/')).toBe('home');
  });

  it('returns null when nothing matches', () => {
    expect(matchRoutes(routes, '/nowhere')).toBeNull();
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters, so matchPath reads them back', () => {
    const path = buildPath('/studies/:name', { name: 'a/b c' });
    expect(path).toBe('/studies/a%2Fb%20c');
    expect(matchPath('/studies/:name', path)).toEqual({ name: 'a/b c' });
  });
});

describe('login redirects', () => {
  it('accepts only in-app paths as next', () => {
    expect(safeNext('/studies/pilot?x=1')).toBe('/studies/pilot?x=1');
    expect(safeNext(null)).toBeUndefined();
    expect(safeNext('https://evil.example')).toBeUndefined();
    expect(safeNext('//evil.example')).toBeUndefined();
  });

  it('omits next for the root and encodes it otherwise', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/studies/pilot')).toBe('/login?next=%2Fstudies%2Fpilot');
    const [path = '', query = ''] = loginPath('/studies/a?b=1').split('?');
    expect(safeNext(parseLocation(path, query).search.get('next'))).toBe('/studies/a?b=1');
  });
});
