"""The Learn page's sections: the registry (:mod:`ui.learn.sections`), one module drawing each
measure family's walk-through, and the machinery they share (inputs, stepper, settings, deep link)."""
