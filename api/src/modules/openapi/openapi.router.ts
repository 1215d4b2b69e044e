import express, { type Router } from 'express';

/** GET /api/openapi.json: the API described from the shared zod schemas. */
export function openapiRouter(): Router {
  return express.Router();
}
