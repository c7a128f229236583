"use client";

import { useEffect, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";

/**
 * Edit / save / cancel of spec §4 on a react-hook-form form. While reading, the fields show `initial`
 * (the stored data, followed as it changes); 'Editar' starts from it; typing clears that field's error
 * (FormTextField); 'Cancelar' restores the initial values and clears every error; `finish` after a save
 * goes back to reading. Checked on submit only; the focus stays where it is.
 */
export function useEditForm<T extends FieldValues, R extends FieldValues = T>(
  initial: T,
  resolver: Resolver<T, unknown, R>,
) {
  const [editing, setEditing] = useState(false);
  const form = useForm<T, unknown, R>({
    defaultValues: initial as DefaultValues<T>,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { reset } = form;
  // The stored data by value: the callers build `initial` afresh on every render.
  const stored = JSON.stringify(initial);
  useEffect(() => {
    if (!editing) reset(JSON.parse(stored) as T);
  }, [editing, stored, reset]);

  const start = () => {
    reset(initial);
    setEditing(true);
  };
  const cancel = () => {
    reset(initial);
    setEditing(false);
  };
  const finish = () => setEditing(false);

  return { form, editing, start, cancel, finish };
}
