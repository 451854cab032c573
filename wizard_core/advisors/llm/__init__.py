"""The LLM advisor: an OpenAI-compatible model through langchain-openai."""
