"use client";

import { useState } from "react";
import type { z } from "@/lib/contract/zod";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Maps a failed parse to the first message of each field (the one shown beside its label). */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Edit / save / cancel of spec §4: values start from `initial`, typing clears that field's error,
 * cancel restores the initial values and clears every error.
 */
export function useEditForm<K extends string>(initial: Record<K, string>) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const setField = (key: K, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  const start = () => {
    setValues(initial);
    setErrors({});
    setEditing(true);
  };
  const cancel = () => {
    setValues(initial);
    setErrors({});
    setEditing(false);
  };
  const finish = () => {
    setErrors({});
    setEditing(false);
  };

  return { editing, values: editing ? values : initial, errors, setField, setErrors, start, cancel, finish };
}
