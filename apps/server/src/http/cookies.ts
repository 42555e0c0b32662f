import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { APPROVAL_COOKIE, SESSION_COOKIE } from './actor.ts';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isHttps,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.isHttps, path: '/' });
}

export function setApprovalCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(APPROVAL_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isHttps,
    path: '/api',
    maxAge: 600,
  });
}

export function clearApprovalCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(APPROVAL_COOKIE, { httpOnly: true, sameSite: 'strict', secure: config.isHttps, path: '/api' });
}
