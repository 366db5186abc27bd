"""The offering purchase workflow (type `MakeInvestment`) and its parts: input, checks, context, deposit, signature, hold."""
