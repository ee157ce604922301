"use client";

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCompact, formatCount } from "@/app/_components/format-number";

/** The token curve of a shared session or run: one line (and the session's own curve dashed, when given). */
export function ShareCurve({ points, window, label, cursorStep = null }: { points: { step: number; tokens: number; baseline?: number }[]; window: number | null; label: string; /** a call to mark (a shared link's `?call=`) */ cursorStep?: number | null }) {
  return (
    <section data-testid="share-curve" data-points={points.length} data-cursor={cursorStep ?? ""} className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-1 shadow-sm">
      <div className="px-2 pb-1 text-xs font-semibold text-slate-800">Tokens sent per model call — {label}</div>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid stroke="#eef2f7" vertical={false} />
          <XAxis dataKey="step" type="number" domain={["dataMin", "dataMax"]} tick={{ fontSize: 11, fill: "#64748b" }} />
          <YAxis tickFormatter={(value: number) => formatCompact(value)} tick={{ fontSize: 11, fill: "#64748b" }} width={48} />
          {window !== null && <ReferenceLine y={window} stroke="#dc2626" strokeDasharray="4 3" ifOverflow="extendDomain" />}
          {cursorStep !== null && <ReferenceLine x={cursorStep} stroke="#a21caf" strokeWidth={2} label={{ value: `call ${cursorStep}`, position: "insideTopLeft", fontSize: 11, fill: "#a21caf" }} />}
          <Tooltip formatter={(value) => formatCount(Number(value))} isAnimationActive={false} />
          {points.some((point) => point.baseline !== undefined) && <Line type="linear" dataKey="baseline" name="no compaction" stroke="#94a3b8" strokeDasharray="3 3" dot={false} isAnimationActive={false} />}
          <Line type="linear" dataKey="tokens" name={label} stroke="#7c3aed" strokeWidth={1.5} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </section>
  );
}
