"use client";

import { createContext, useContext } from "react";

export type OpenChartOptions = { year?: number; importing?: boolean };
export type OpenChart = (options?: OpenChartOptions) => void;

/**
 * Opens 'Plano de contas' (the shell holds the dialog): the profile drawer's entry and the first-visit
 * offer on /home both ask through this. Null outside the shell.
 */
export const ChartDialogContext = createContext<OpenChart | null>(null);

export const useOpenChart = () => useContext(ChartDialogContext);
