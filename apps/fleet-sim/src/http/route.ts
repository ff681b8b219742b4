import type { EndpointDef } from '@equipment-dashboard/contract';
import { can, type Permission } from '@equipment-dashboard/domain';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { ForbiddenError, HttpError, ValidationError } from '../core/errors';
import type { StatusResult } from '../core/status-result';
import type { UploadedFile } from '../core/uploaded-file';
import { zodDetails } from '../core/zod-details';
import { refuseHostileInput } from './hostile-input';

/** The parsed type of an optional schema slot (undefined when the endpoint has none). */
type Out<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodType
    ? z.output<NonNullable<T>>
    : undefined;

export interface RouteInput<E extends EndpointDef> {
  query: Out<E['query']>;
  body: Out<E['body']>;
  params: Record<string, string>;
  /** The signed-in user; null only on public calls. */
  user: E['auth'] extends 'public' ? AuthUser | null : AuthUser;
  file?: UploadedFile;
  requestId: string;
}

/** A binary answer (image, attachment download). */
export interface FileResult {
  kind: 'file';
  contentType: string;
  data: Buffer;
  fileName?: string;
  /** inline shows it in the browser; attachment makes the browser download it. */
  disposition?: 'inline' | 'attachment';
}

type ResponseData<E extends EndpointDef> = z.output<E['response']>;
export type RouteResult<E extends EndpointDef> =
  ResponseData<E> | StatusResult<ResponseData<E>> | FileResult | StreamResult;

export const fileResult = (file: Omit<FileResult, 'kind'>): FileResult => ({ kind: 'file', ...file });

/**
 * A download sent as it is produced (a CSV export): the body is pulled chunk by chunk as the socket drains, so
 * a slow client holds the producer back instead of the server holding the whole answer.
 */
export interface StreamResult {
  kind: 'stream';
  contentType: string;
  fileName: string;
  body: AsyncIterable<string | Buffer>;
}

export const streamResult = (stream: Omit<StreamResult, 'kind'>): StreamResult => ({
  kind: 'stream',
  ...stream,
});

function isTagged(value: unknown, kind: string): boolean {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === kind;
}

export interface RouteDeps {
  /** Resolves the request's bearer token to a user, or throws UnauthorizedError. */
  authenticate(req: Request): Promise<AuthUser>;
  /** In tests: every answer is checked against the contract's response schema. */
  checkResponses: boolean;
  /** The largest raw body (an uploaded file sent as the body) a call takes. */
  rawBodyMaxBytes: number;
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 },
});

function expressPath(path: string): string {
  // Express 5 matches '/read/aligner/v1' and '/read/aligner/v1/' alike (non-strict routing).
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function parseMultipart(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    upload.single('file')(req, res, (error: unknown) => {
      if (!error) return resolve();
      // Busboy's own errors (no boundary, a truncated or malformed part) are the sender's too.
      const field = error instanceof multer.MulterError ? error.field : undefined;
      reject(
        new ValidationError(`Upload refused: ${(error as Error).message}.`, { field }, 'invalid_upload'),
      );
    });
  });
}

/** A body sent as a file's bytes, refused past `max` bytes (400, nothing read further). */
async function readRawBody(req: Request, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  const tooBig = () =>
    new ValidationError(
      `The file is larger than ${max} bytes.`,
      { size: 'too large', max },
      'file_too_large',
    );
  if (declared > max) throw tooBig();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooBig();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Mounts one contract endpoint: authenticates (401), checks the role's permission (403), refuses
 * hostile input and parses the path, query and body with the contract (400 with details), calls the
 * handler, and answers.
 */
export function route<E extends EndpointDef>(
  router: Router,
  deps: RouteDeps,
  def: E,
  handler: (input: RouteInput<E>) => Promise<RouteResult<E>> | RouteResult<E>,
): void {
  const method = def.method.toLowerCase() as 'get' | 'post' | 'delete';
  const handle: RequestHandler = async (req: Request, res: Response, _next: NextFunction) => {
    const user = def.auth === 'public' ? null : await deps.authenticate(req);
    if (user && def.permission && !can(user.role, def.permission as Permission)) {
      throw new ForbiddenError(`The ${user.role} role may not do this (${def.permission}).`, {
        permission: def.permission,
      });
    }
    if (def.bodyEncoding === 'multipart') await parseMultipart(req, res);
    const raw = def.bodyEncoding === 'raw' ? await readRawBody(req, deps.rawBodyMaxBytes) : undefined;
    refuseHostileInput(req);
    const params = def.params ? def.params.safeParse(req.params) : undefined;
    if (params && !params.success)
      throw new ValidationError('The path is not valid.', zodDetails(params.error));
    const query = def.query ? def.query.safeParse(req.query) : undefined;
    if (query && !query.success)
      throw new ValidationError('The query is not valid.', zodDetails(query.error));
    const rawBody: unknown = req.body ?? {};
    const body = def.body ? def.body.safeParse(rawBody) : undefined;
    if (body && !body.success)
      throw new ValidationError('The request body is not valid.', zodDetails(body.error));
    const file = raw
      ? {
          originalName: '',
          mimeType: String(req.headers['content-type'] ?? ''),
          size: raw.length,
          buffer: raw,
        }
      : req.file
        ? {
            originalName: req.file.originalname,
            mimeType: req.file.mimetype,
            size: req.file.size,
            buffer: req.file.buffer,
          }
        : undefined;

    const result = await handler({
      query: query?.data as Out<E['query']>,
      body: body?.data as Out<E['body']>,
      params: (params ? params.data : req.params) as Record<string, string>,
      user: user as RouteInput<E>['user'],
      file,
      requestId: String(req.id ?? ''),
    });

    if (isTagged(result, 'stream')) {
      const stream = result as StreamResult;
      res.status(200).type(stream.contentType);
      res.setHeader('Cache-Control', 'no-store');
      // A plain name is written quoted, as most clients show it; any other is encoded by attachment().
      if (/^[\w.-]+$/.test(stream.fileName))
        res.setHeader('Content-Disposition', `attachment; filename="${stream.fileName}"`);
      else res.attachment(stream.fileName);
      // A failure before the first chunk is still answered as an error; after it, the error middleware ends the socket.
      await pipeline(stream.body, res);
      return;
    }
    if (isTagged(result, 'file')) {
      const f = result as FileResult;
      res.status(200).type(f.contentType);
      res.setHeader('Cache-Control', 'private, max-age=300');
      if (f.fileName) res.attachment(f.fileName);
      // attachment() encodes any file name safely for the header (a raw one may hold a line break).
      if (f.disposition === 'inline' && f.fileName) {
        res.setHeader(
          'Content-Disposition',
          String(res.get('Content-Disposition')).replace(/^attachment/, 'inline'),
        );
      }
      res.send(f.data);
      return;
    }
    const status = isTagged(result, 'status')
      ? (result as StatusResult<unknown>).status
      : (def.successStatus?.[0] ?? 200);
    const payload = isTagged(result, 'status') ? (result as StatusResult<unknown>).body : result;
    if (deps.checkResponses && status !== 204) {
      const checked = def.response.safeParse(payload);
      if (!checked.success) {
        throw new HttpError(
          500,
          'response_contract_violation',
          `${def.name} answered outside its contract.`,
          zodDetails(checked.error),
        );
      }
    }
    // A JSON answer is one user's view (or, for the token call, a credential: RFC 6749 §5.1): no cache keeps it,
    // so a shared browser or a proxy never shows it to the next person.
    res.setHeader('Cache-Control', 'no-store');
    if (status === 204) res.status(204).end();
    else res.status(status).json(payload);
  };
  router[method](expressPath(def.path), handle);
}
