/**
 * One world of the Galton board (examples/node/galton.mjs runs a thousand
 * of them with capsule2d/batch): `rows` rows of static pegs, one ball
 * dropped onto the top peg, stepped until it has left the last row.
 * Returns the bin it fell into, 0 (far left) to `rows` (far right), and the
 * steps it took.
 *
 * The seeded jitter: every peg of this world sits up to 3 cm to the left or
 * right of its place on the lattice. The ball is a bead falling through a
 * viscous liquid (`linearDamping: 4`, no bounce): it rolls off a peg,
 * loses most of its sideways speed on the way down and lands near the top
 * of a peg of the next row, where that peg's offset decides the side. The
 * spacing (pegs 0.806 m apart, twice how far a bead drifts sideways after
 * rolling off one, rows 1.3 m apart) makes each row close to a fair coin, so
 * the bins come out close to Binomial(rows, 1/2); galton.mjs measures how close.
 *
 * A job module's default export is what capsule2d/batch calls in a worker
 * thread: it gets the job's params and returns plain data.
 */
import { Circle, World } from "capsule2d";
import { mulberry32 } from "./random.mjs";

const PEG_SPACING = 0.806; // m between pegs of a row
const ROW_PITCH = 1.3; // m between rows
const PEG_RADIUS = 0.1;
const BALL_RADIUS = 0.2;
const PEG_JITTER = 0.03; // m, either side
const DRAG = 4; // the ball's linear damping, 1/s
const MAX_STEPS = 60 * 60; // a simulated minute: a ball still on the board by then is stuck

/** Drop one ball through a board of `rows` rows built from `seed`: `{ bin, steps }`. */
export default function galtonJob({ seed, rows }) {
  const random = mulberry32(seed);
  const world = new World({ gravity: { x: 0, y: -9.81 } });
  // each row one peg wider on both sides than the triangle, so a ball at the edge still meets pegs
  for (let r = 0; r < rows; r++) {
    for (let k = -1; k <= r + 1; k++) {
      const x = (k - r / 2) * PEG_SPACING + (random() * 2 - 1) * PEG_JITTER;
      world.add(new Circle({ position: { x, y: -r * ROW_PITCH }, radius: PEG_RADIUS, type: "static", friction: 0.1 }));
    }
  }
  const ball = world.add(
    new Circle({ position: { x: 0, y: PEG_RADIUS + BALL_RADIUS + 0.4 }, radius: BALL_RADIUS, friction: 0.1, linearDamping: DRAG, enableSleep: false }),
  );
  const below = -(rows - 1) * ROW_PITCH - PEG_RADIUS - BALL_RADIUS;
  while (ball.position.y > below) {
    if (world.stepCount === MAX_STEPS) throw new Error(`the ball of seed ${seed} is stuck at (${ball.position.x}, ${ball.position.y})`);
    world.step(1 / 60);
  }
  // under the last row, the gaps between its pegs (and the two beside them) are the bins
  const bin = Math.round(ball.position.x / PEG_SPACING + rows / 2);
  return { bin: Math.min(rows, Math.max(0, bin)), steps: world.stepCount };
}
